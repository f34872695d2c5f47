"""What the site keeps and shares: saves and the browser's storage, links, the page contract,
and one-line recaps of games for lists."""
