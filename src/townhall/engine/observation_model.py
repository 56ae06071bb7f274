"""The base of every game's public observation models (pydantic, full words as keys).

Closed: a key the model does not declare is an error, so the published schema says
`additionalProperties: false` and a client can trust that it knows every key.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class PublicModel(BaseModel):
    """A part of a public observation: only the declared keys."""

    model_config = ConfigDict(extra="forbid")
