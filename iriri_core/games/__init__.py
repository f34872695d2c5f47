"""The games, one package each, found by the registry (:mod:`iriri_core.engine`)."""
