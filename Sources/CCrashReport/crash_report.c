// Why this is C: a signal handler may only call async-signal-safe functions and
// must not allocate, take locks or run lazy initialisers, which Swift code cannot
// promise. This handler reads the process's address-space size from
// /proc/self/statm and writes one line to a descriptor its parent reads, so that
// the parent can tell a trap (a bug, at a small address space) from a process
// that ran into its RLIMIT_AS memory limit (allocation failures also end in a trap).
#include "crash_report.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int report_descriptor = -1;
static long page_size = 4096;

static size_t append_number(char *out, size_t at, unsigned long long value) {
    char digits[24];
    size_t count = 0;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0 && count < sizeof digits);
    while (count > 0) out[at++] = digits[--count];
    return at;
}

static unsigned long long address_space_bytes(void) {
    int file = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (file < 0) return 0;
    char text[64];
    ssize_t count = read(file, text, sizeof text - 1);
    close(file);
    if (count <= 0) return 0;
    unsigned long long pages = 0;
    for (ssize_t i = 0; i < count && text[i] >= '0' && text[i] <= '9'; i++) pages = pages * 10 + (unsigned)(text[i] - '0');
    return pages * (unsigned long long)page_size;
}

static void report(int signal_number) {
    char line[96];
    size_t at = 0;
    memcpy(line, "crash ", 6);
    at = 6;
    at = append_number(line, at, (unsigned long long)signal_number);
    line[at++] = ' ';
    at = append_number(line, at, address_space_bytes());
    line[at++] = '\n';
    size_t written = 0;
    while (written < at) {
        ssize_t n = write(report_descriptor, line + written, at - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    // SA_RESETHAND restored the default action: raising again ends the process by this signal.
    raise(signal_number);
}

void inkpdf_report_crashes(int descriptor) {
    if (report_descriptor >= 0) return;
    report_descriptor = descriptor;
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) page_size = size;
    // Its own stack, so that a stack overflow (SIGSEGV) is reported too.
    static char alternate_stack[64 * 1024];
    stack_t stack = { .ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0 };
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = report;
    action.sa_flags = SA_RESETHAND | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    int fatal[] = { SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE };
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i], &action, NULL);
}
