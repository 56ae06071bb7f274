"""The HTTP and WebSocket routers, one per resource."""
