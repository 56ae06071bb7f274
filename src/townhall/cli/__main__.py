"""`python -m townhall.cli`: the `townhall` command."""

from townhall.cli import main

main()
