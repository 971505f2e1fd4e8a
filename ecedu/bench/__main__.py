"""``python -m ecedu.bench`` == ``python -m ecedu speed``."""

import sys

from .cli import main

sys.exit(main())
