"""The environments' action space: Gymnasium's `Discrete`, whose `sample(mask=...)` also takes the
bool masks the environments hand out (Gymnasium's own asks for int8 masks; PettingZoo's API test
and users sample with the observation's mask as it is)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces


class MaskedDiscrete(spaces.Discrete):
    """`Discrete(n)` whose `sample` takes a NumPy bool mask as well as an int8 one."""

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if isinstance(mask, np.ndarray) and mask.dtype == np.bool_:
            mask = mask.view(np.int8)  # the same bytes: 0 or 1
        return super().sample(mask=mask, probability=probability)

    def __repr__(self) -> str:
        return f"MaskedDiscrete({self.n})"


__all__ = ["MaskedDiscrete"]
