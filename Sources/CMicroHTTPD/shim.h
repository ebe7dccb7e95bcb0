#ifndef INKPDF_CMICROHTTPD_SHIM_H
#define INKPDF_CMICROHTTPD_SHIM_H
// libmicrohttpd, the HTTP server under `inkpdf serve`. Its start and info
// functions are variadic, which Swift cannot call: these inline wrappers pass
// fixed arguments (the options as one MHD_OPTION_ARRAY).
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon with its options given as one array ending in MHD_OPTION_END.
static inline struct MHD_Daemon *inkpdf_mhd_start(unsigned int flags, uint16_t port,
                                                  MHD_AccessHandlerCallback handler, void *handler_cls,
                                                  struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The socket of a connection, or -1. MHD_get_connection_info with MHD_CONNECTION_INFO_CONNECTION_FD.
static inline int inkpdf_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The port the daemon listens on (when it was asked for port 0). MHD_get_daemon_info with MHD_DAEMON_INFO_BIND_PORT.
static inline uint16_t inkpdf_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// Sets the idle time-out of one connection, in seconds. MHD_set_connection_option with MHD_CONNECTION_OPTION_TIMEOUT.
static inline enum MHD_Result inkpdf_mhd_set_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}
#endif
