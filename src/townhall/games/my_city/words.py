"""My City's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py` and the action texts speak through these."""

from __future__ import annotations

from pathlib import Path

from townhall.i18n import Catalog, Glossary

HERE = Path(__file__).resolve().parent
CATALOG = Catalog("my_city", HERE / "locale")
GLOSSARY = Glossary(HERE / "glossary.json")
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
term = GLOSSARY.term
