"""The one error type that means "bad input": one line on stderr, exit 2."""


class InputError(Exception):
    """A usage or input problem the user can fix; printed as one line, exit code 2."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))

    @property
    def message(self) -> str:
        """The one-line message, whitespace collapsed."""
        return str(self)
