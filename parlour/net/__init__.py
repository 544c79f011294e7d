"""Playing together over a network (issue 14), headless: the messages a host and its clients
exchange (:mod:`parlour.net.protocol`) and the host's authoritative table
(:mod:`parlour.net.table`). The transport (websockets) and the client's table screen are still
to come; what is here decides what a seat is ever sent, and proves it."""
