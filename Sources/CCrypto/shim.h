#ifndef INKPDF_CCRYPTO_SHIM_H
#define INKPDF_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/err.h>
#endif
