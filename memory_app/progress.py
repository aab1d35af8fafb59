"""Progress of the long management commands (``memory eval``, ``memory reembed``, ``memory_maintenance``): a tqdm
bar on stderr with counts, rate and ETA when a person watches a terminal; nothing otherwise.

The work says how much there is and how far it got (``expect``, ``expect_rows``, ``advance``, ``stage``); the
command decides whether a bar is shown (``bar``). With no bar open every call is a no-op, so the same code run from
a host, a task or a test pays nothing and prints nothing. The bar only ever writes to stderr: what the command
prints on stdout (its report, the last JSON line) is the same with or without it.
"""
import os
import sys
from contextlib import contextmanager
from contextvars import ContextVar

_shown: ContextVar = ContextVar("chatmem_progress_bar", default=None)
DEFAULT_SIZE = (80, 24)  # columns, rows


def wanted(stream, *, quiet: bool = False) -> bool:
    """A bar only for a person at a terminal: not with --quiet, not into a pipe, a file or a CI log."""
    isatty = getattr(stream, "isatty", None)
    return not quiet and callable(isatty) and bool(isatty())


@contextmanager
def bar(description: str, *, stream=None, enabled: bool = True, unit: str = "item"):
    """Open the bar the work below reports to (the one open bar of this context); cleared from the terminal when
    done, so the command's own output is what stays."""
    if not enabled:
        yield None
        return
    from tqdm import tqdm

    stream = stream or sys.stderr
    sized = _reports_its_size(stream)
    with tqdm(total=0, desc=description, unit=unit, file=stream, leave=False, mininterval=0.2, dynamic_ncols=sized,
              ncols=None if sized else DEFAULT_SIZE[0], nrows=None if sized else DEFAULT_SIZE[1]) as shown:
        token = _shown.set(shown)
        try:
            yield shown
        finally:
            _shown.reset(token)


def _reports_its_size(stream) -> bool:
    """A terminal that reports no size (a fresh pseudo-terminal, some CI consoles) would get no bar from tqdm (zero
    columns, and zero rows hide every bar), so it is given DEFAULT_SIZE instead."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (AttributeError, OSError, ValueError):  # no file descriptor behind it (a test's stand-in)
        return False
    return size.columns > 0 and size.lines > 0


def expect(count: int) -> None:
    """``count`` more units of work are coming (the total grows as each stage learns its size)."""
    shown = _shown.get()
    if shown is not None and count:
        shown.total = (shown.total or 0) + count
        shown.refresh()


def expect_rows(queryset) -> None:
    """``expect(queryset.count())``, counted only when a bar is open (a COUNT over a big table is not free)."""
    if _shown.get() is not None:
        expect(queryset.count())


def advance(count: int = 1) -> None:
    shown = _shown.get()
    if shown is not None:
        shown.update(count)


def stage(description: str) -> None:
    """Name what the bar is counting now (a maintenance job, a model being re-embedded)."""
    shown = _shown.get()
    if shown is not None:
        shown.set_description_str(description)
