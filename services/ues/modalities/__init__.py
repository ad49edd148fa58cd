"""The modality registry: modality_type -> state class."""

from __future__ import annotations

from services.ues.modalities.base import Modality
from services.ues.modalities.email import EmailState

MODALITY_CLASSES: dict[str, type[Modality]] = {cls.modality_type: cls for cls in (
    EmailState,
)}
