# What townhall.rl uses of PettingZoo 1.27, which ships no type information. Declared so that
# mypy and the compiled build (mypyc) see the real base classes, not Any.
from typing import Any, Generic, TypeVar

AgentID = TypeVar("AgentID")
ObsType = TypeVar("ObsType")
ActionType = TypeVar("ActionType")

# Its attributes (agents, agent_selection, rewards...) are left to the subclass to declare: in the
# compiled build they are then fields of the class, not entries of each instance's __dict__.
class AECEnv(Generic[AgentID, ObsType, ActionType]):
    def __init__(self) -> None: ...
    def _was_dead_step(self, action: Any) -> None: ...
    def _clear_rewards(self) -> None: ...
    def _accumulate_rewards(self) -> None: ...

class ParallelEnv(Generic[AgentID, ObsType, ActionType]):
    metadata: dict[str, Any]
    possible_agents: list[AgentID]
    agents: list[AgentID]
    render_mode: str | None
