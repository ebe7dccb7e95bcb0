#!/usr/bin/env python3
"""Signs PDFs with a throwaway certificate and judges what was changed after.

The annotation tests use it to check that `inkpdf export --ink-as annotations`
keeps a signature valid, as pyHanko (an independent validator) sees it.

    signed_pdf.py sign IN.pdf OUT.pdf [--approval]
        Signs IN with pyHanko as a certification signature (DocMDP) whose
        permissions allow filling forms and adding annotations (P=3), or with
        --approval as a plain approval signature. The certificate is a
        self-signed Ed25519 one made here from a fixed seed, and the signing time
        is fixed, so that signing the same file twice gives the same bytes (apart
        from what pyHanko itself varies). Prints {"output", "certify"}.

    signed_pdf.py judge PDF
        Validates the (first) signature of PDF with pyHanko, trusting that
        certificate only, and prints
        {"intact", "valid", "trusted", "modification_level", "docmdp_ok",
         "coverage", "certify", "revisions", "signed_revision"}:
        intact: the signed bytes are unchanged; valid: and the signature over
        them verifies; modification_level: pyHanko's difference analysis of the
        revisions after the signed one: NONE, LTA_UPDATES, FORM_FILLING,
        ANNOTATIONS or OTHER; docmdp_ok: those changes are within what the
        certification allows; diff_error: pyHanko's reason for OTHER.

        pyHanko 0.38's standard policy has no rule for annotations (its
        form_field_rules.py: "TODO allow other annotation modifications, but at
        level ANNOTATIONS"), so it calls any added annotation OTHER; that verdict
        is printed as "standard_modification_level". "modification_level" is
        pyHanko's analysis with one rule added here (AnnotationRule, below):
        a page whose only change is /Annots, the non-widget annotations added to
        it or changed in it, and the new objects only they refer to.

Exit codes: 0 done (whatever the judgement); 64 usage; 65 IN is not a PDF
pyHanko can read, or PDF has no signature; 69 pyHanko is missing; 73 OUT
cannot be written. Errors are one line on stderr.
"""
import asyncio
import datetime
import hashlib
import logging
import os
import sys
import tempfile

from checker_cli import Failure, Parser, run_script


try:
    from asn1crypto import keys, x509 as asn1_x509
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.x509.oid import NameOID
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.pdf_utils import generic
    from pyhanko.sign import fields, signers
    from pyhanko.sign.diff_analysis import DEFAULT_DIFF_POLICY, ModificationLevel, StandardDiffPolicy
    from pyhanko.sign.diff_analysis.commons import compare_dicts, safe_whitelist
    from pyhanko.sign.diff_analysis.rules_api import QualifiedWhitelistRule, ReferenceUpdate
    from pyhanko.sign.signers.pdf_cms import PdfCMSSignedAttributes
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext
    from pyhanko_certvalidator.registry import SimpleCertificateStore
except ImportError as error:
    print(f"signed_pdf.py: {error.name} is missing (make deps installs pyHanko)", file=sys.stderr)
    sys.exit(69)

# Fixed, so that the certificate, and what it signs, are the same on every run.
SEED = hashlib.sha256(b"inkpdf throwaway signing key, tests only").digest()
SIGNING_TIME = datetime.datetime(2025, 1, 1, 12, 0, 0, tzinfo=datetime.timezone.utc)
FIELD = "InkPDFTestSignature"


def certificate():
    """The throwaway self-signed certificate and its key (asn1crypto values)."""
    key = Ed25519PrivateKey.from_private_bytes(SEED)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "inkpdf test signer (throwaway)"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "inkpdf tests")])
    built = (x509.CertificateBuilder()
             .subject_name(name).issuer_name(name)
             .public_key(key.public_key())
             .serial_number(0x1A4B)
             .not_valid_before(datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc))
             .not_valid_after(datetime.datetime(2100, 1, 1, tzinfo=datetime.timezone.utc))
             .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
             .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_cert_sign=True,
                                          key_encipherment=False, data_encipherment=False, key_agreement=False,
                                          crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
             .sign(key, None))  # Ed25519 signatures are deterministic
    der_key = key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return asn1_x509.Certificate.load(built.public_bytes(serialization.Encoding.DER)), keys.PrivateKeyInfo.load(der_key)


def open_pdf(path):
    try:
        return open(path, "rb")
    except OSError as error:
        raise Failure(65, f"{path}: {error.strerror}")


async def sign(source, target, certify):
    cert, key = certificate()
    signer = signers.SimpleSigner(signing_cert=cert, signing_key=key,
                                  cert_registry=SimpleCertificateStore.from_certs([cert]))
    meta = signers.PdfSignatureMetadata(
        field_name=FIELD, certify=certify,
        docmdp_permissions=fields.MDPPerm.ANNOTATE,  # P=3: form filling and annotations
        md_algorithm="sha512", reason="inkpdf test signature", location="tests")
    folder = os.path.dirname(os.path.abspath(target))
    with open_pdf(source) as infile:
        try:
            writer = IncrementalPdfFileWriter(infile, strict=False)
        except Exception as error:
            raise Failure(65, f"{source}: pyHanko cannot read it: {error}")
        # pyHanko's own signing steps (its "interrupted signing" API), with a fixed signing time.
        pdf_signer = signers.PdfSigner(meta, signer=signer)
        session = pdf_signer.init_signing_session(writer)
        session.system_time = SIGNING_TIME
        validation = await session.perform_presign_validation(writer)
        reserved = await session.estimate_signature_container_size(validation, tight=True)
        tbs = session.prepare_tbs_document(validation_info=validation, bytes_reserved=reserved)
        try:
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".signed-")
        except OSError as error:
            raise Failure(73, f"{target}: cannot create a file beside it: {error.strerror}")
        try:
            with os.fdopen(handle, "w+b") as out:
                prepared, output = tbs.digest_tbs_document(output=out)
                signed = await tbs.perform_signature(
                    document_digest=prepared.document_digest,
                    pdf_cms_signed_attrs=PdfCMSSignedAttributes(signing_time=SIGNING_TIME))
                await signed.post_signature_processing(output)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes 0600
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    return {"output": target, "certify": certify}


class AnnotationRule(QualifiedWhitelistRule):
    """Explains, at ANNOTATIONS, what adding, changing or removing annotations
    touches: a page whose keys other than /Annots are unchanged, its /Annots
    array, every non-widget annotation in it that is new or was a non-widget
    annotation before, and the objects new in this revision reached from those
    annotations (not through /P, and never through an object that existed
    before). Anything else stays unexplained, so pyHanko calls it OTHER."""

    def apply_qualified(self, old, new):
        level = ModificationLevel.ANNOTATIONS
        for page_ref in page_refs(new, new.root.raw_get("/Pages"), set()):
            if not is_old(old, page_ref):
                continue  # a new page is not an annotation
            old_page, new_page = old(page_ref), new(page_ref)
            if not compare_dicts(old_page, new_page, ignored=frozenset({"/Annots"}), raise_exc=False):
                continue
            old_annots, new_annots = old_page.get("/Annots"), new_page.get("/Annots")
            if old_annots == new_annots:
                continue
            yield level, ReferenceUpdate(page_ref)
            raw_old, raw_new = old_page.raw_get("/Annots") if "/Annots" in old_page else None, new_page.raw_get("/Annots")
            if isinstance(raw_new, generic.IndirectObject):
                old_ref = raw_old.reference if isinstance(raw_old, generic.IndirectObject) else None
                for ref in safe_whitelist(old, old_ref, raw_new.reference):
                    yield level, ReferenceUpdate(ref)
            for entry in new_annots or []:
                annotation = entry.get_object()
                if not isinstance(entry, generic.IndirectObject):
                    for ref in new_objects(old, annotation, set()):
                        yield level, ReferenceUpdate(ref)
                    continue
                ref = entry.reference
                if annotation.get("/Subtype") == "/Widget" or isinstance(annotation, generic.StreamObject):
                    continue  # form fields are the form rule's business
                if is_old(old, ref):
                    before = old(ref)
                    if not isinstance(before, generic.DictionaryObject) or isinstance(before, generic.StreamObject) \
                            or before.get("/Subtype") in (None, "/Widget"):
                        continue
                    if compare_dicts(before, annotation, raise_exc=False):
                        continue
                yield level, ReferenceUpdate(ref)
                for dependency in new_objects(old, annotation, {ref}):
                    yield level, ReferenceUpdate(dependency)


def page_refs(new, node, seen):
    """The references of the leaf pages under page tree `node` in `new`."""
    if not isinstance(node, generic.IndirectObject) or node.reference in seen:
        return
    seen.add(node.reference)
    value = node.get_object()
    if value.get("/Type") == "/Page":
        yield node.reference
    for kid in value.raw_get("/Kids") if "/Kids" in value else []:
        yield from page_refs(new, kid, seen)


def is_old(old, ref):
    return not old.is_ref_unassignable(ref)


def new_objects(old, value, seen):
    """References new since `old` that `value` reaches, not through /P and
    never through an object that `old` already had."""
    if isinstance(value, generic.IndirectObject):
        ref = value.reference
        if ref in seen or is_old(old, ref):
            return
        seen.add(ref)
        yield ref
        value = value.get_object()
    if isinstance(value, generic.DictionaryObject):  # streams too: their dictionary
        for key in value:
            if key != "/P":
                yield from new_objects(old, value.raw_get(key), seen)
    elif isinstance(value, generic.ArrayObject):
        for index in range(len(value)):
            yield from new_objects(old, value.raw_get(index), seen)


ANNOTATION_POLICY = StandardDiffPolicy(global_rules=DEFAULT_DIFF_POLICY.global_rules + [AnnotationRule()],
                                       form_rule=DEFAULT_DIFF_POLICY.form_rule)


def judge(path):
    cert, _ = certificate()
    with open_pdf(path) as infile:
        try:
            reader = PdfFileReader(infile, strict=False)
            signatures = reader.embedded_signatures
        except Exception as error:
            raise Failure(65, f"{path}: pyHanko cannot read it: {error}")
        if not signatures:
            raise Failure(65, f"{path}: has no signature")
        embedded = signatures[0]
        context = ValidationContext(trust_roots=[cert], allow_fetching=False,
                                    moment=SIGNING_TIME + datetime.timedelta(days=1))
        status = validate_pdf_signature(embedded, context, diff_policy=ANNOTATION_POLICY)
        standard = validate_pdf_signature(embedded, context, diff_policy=DEFAULT_DIFF_POLICY)
        level = status.modification_level
        error = status.diff_result if isinstance(status.diff_result, Exception) else None
        return {
            "intact": bool(status.intact),
            "valid": bool(status.valid),
            "trusted": bool(status.trusted),
            "modification_level": name(level),
            "docmdp_ok": status.docmdp_ok,
            "standard_modification_level": name(standard.modification_level),
            "diff_error": str(error).splitlines()[0][:300] if error is not None else None,
            "coverage": status.coverage.name if status.coverage is not None else None,
            "certify": embedded.sig_object.get("/Reference") is not None,
            "revisions": reader.xrefs.total_revisions,
            "signed_revision": embedded.signed_revision,
            "field": embedded.field_name,
        }


def name(level):
    return level.name if level is not None else None


def main(argv):
    parser = Parser(prog="signed_pdf.py", description="Sign a PDF with a throwaway certificate; judge later changes.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    s = commands.add_parser("sign")
    s.add_argument("input")
    s.add_argument("output")
    s.add_argument("--approval", action="store_true", help="an approval signature instead of a certification")
    j = commands.add_parser("judge")
    j.add_argument("pdf")
    args = parser.parse_args(argv)
    if args.command == "sign":
        return asyncio.run(sign(args.input, args.output, certify=not args.approval))
    return judge(args.pdf)


if __name__ == "__main__":
    logging.disable(logging.WARNING)  # pyHanko logs each refused change; the JSON says why
    run_script("signed_pdf.py", main)
