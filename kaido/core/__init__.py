"""What every game shares: the game protocol, actions, events, options, records, the seeded
generator and matches."""
