"""ARC-mage: 45-card decks, faction resources with loyalty, cities with devotion, army and residents."""
