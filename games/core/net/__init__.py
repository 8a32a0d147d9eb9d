"""Playing a friend over the network (docs/NETPLAY.md): the wire and the match engine (pure),
the transport on a background thread, and finding games on the local network."""
