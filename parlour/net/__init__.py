"""Playing together over a network: the messages a host and its players exchange
(:mod:`parlour.net.protocol`), the host's authoritative table (:mod:`parlour.net.table`), the
websocket server that seats players by join code (:mod:`parlour.net.server`) and a player's
side of it, read by the app's table screen (:mod:`parlour.net.client`). What the table decides
is what a seat is ever sent, and the tests prove it."""
