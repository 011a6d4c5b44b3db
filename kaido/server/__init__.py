"""Kaido's web application: accounts, lobby, tables, live updates and persistence.

The server is thin over the engine: every rule is the game's; the server checks who may
act, stores each accepted action before telling anyone, and sends each seat only what
`view(state, seat)` and `Event.for_viewer(seat)` give it.
"""
