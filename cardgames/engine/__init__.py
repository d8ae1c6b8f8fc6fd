"""The game-agnostic engine: state, events, decisions, the flow agenda, chain and effects."""
