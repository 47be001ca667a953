import sys

from wordsy_tui.cli import main

sys.exit(main())
