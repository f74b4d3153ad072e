"""The frozen program's entry point: the same command line as `illusio-table`."""

import multiprocessing
import sys

from illusio_table.cli import main

if __name__ == "__main__":
    # The expert bots think in a process of their own, started by running this program
    # again: such a start runs that process's work here and never opens a window.
    multiprocessing.freeze_support()
    sys.exit(main())
