"""The `kaido` command."""
