"""Kaido: transport-and-trade board games with complete rules, bots and a web server."""
