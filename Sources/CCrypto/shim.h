#ifndef INKPDF_CCRYPTO_SHIM_H
#define INKPDF_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/hmac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

/* Macros and macro-built constants that Swift cannot import, as functions. */

/* BIO_get_mem_data: the bytes a memory BIO holds. */
static inline long inkpdf_BIO_get_mem_data(BIO *bio, char **data) {
    return BIO_get_mem_data(bio, data);
}

/* sk_X509_new_null / sk_X509_push / sk_X509_free / sk_X509_num, typed. */
static inline STACK_OF(X509) *inkpdf_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int inkpdf_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) { return sk_X509_push(stack, certificate); }
static inline void inkpdf_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }
static inline int inkpdf_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }

/* OPENSSL_free, which is a macro carrying the caller's file and line. */
static inline void inkpdf_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

static inline int inkpdf_MBSTRING_ASC(void) { return MBSTRING_ASC; }
static inline unsigned long inkpdf_X509_V_FLAG_X509_STRICT(void) { return X509_V_FLAG_X509_STRICT; }
static inline unsigned long inkpdf_XN_FLAG_RFC2253(void) { return XN_FLAG_RFC2253; }
static inline int inkpdf_EVP_PKEY_EC(void) { return EVP_PKEY_EC; }
static inline int inkpdf_EVP_PKEY_RSA(void) { return EVP_PKEY_RSA; }

#endif
