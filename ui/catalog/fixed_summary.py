"""Messages of this screen."""

EN: dict[str, str] = {}
