"""`python -m townhall.i18n compile` (make runs it) or `extract` (after changing messages)."""

import sys

from townhall.i18n.tools import main

raise SystemExit(main(sys.argv[1:]))
