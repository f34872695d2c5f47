"""Drawing: scenes (display lists) drawn on the page's canvas and as SVG, each game's table
shared parts, tables a finger can play on, and pictures for links and wikis."""
