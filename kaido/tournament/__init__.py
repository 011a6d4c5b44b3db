"""Tournaments between bots: plans with every seating and fixed seeds, games stored as they
finish (so a run can stop anywhere and go on), and openskill standings. Works for every
registered game through the game protocol alone."""
