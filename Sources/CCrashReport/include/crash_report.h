#ifndef INKPDF_CRASH_REPORT_H
#define INKPDF_CRASH_REPORT_H
/// Makes a worker process tell its parent, on `descriptor`, how it died when it
/// dies by a fatal signal (a trap, an abort, a bad access): one line
/// `crash SIGNAL ADDRESS_SPACE_BYTES`, written from the signal handler, before
/// the signal's default action ends the process. Safe to call once per process.
void inkpdf_report_crashes(int descriptor);
#endif
