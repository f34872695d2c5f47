"""What build.py runs, by job: the folders and running a command (base), the
tools a test run sets up (.venv, npm packages, Chromium: tools), the wheel
(wheel), dist/ with the snapshot and the service worker (dist, snapshot,
offline), the local server (server) and the commands with their options
(commands).  Only the standard library, so that they run on a fresh machine.

This folder builds the site and is no part of it: dist/ takes from web/ only
the files dist.PAGE_FILES and web/ui/'s modules name."""
