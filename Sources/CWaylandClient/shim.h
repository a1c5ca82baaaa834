/* libwayland-client: the connection, proxies, and the core protocol's interfaces. */
#include <wayland-client-core.h>
#include <wayland-client-protocol.h>
