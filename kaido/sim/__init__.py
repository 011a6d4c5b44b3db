"""Tournaments: many seeded games between agents, in parallel, with statistics."""
