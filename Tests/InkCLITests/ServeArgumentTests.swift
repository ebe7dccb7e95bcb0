import InkWorkers
import InkCLI
import InkBatch
import InkServe
import Testing

/// `inkpdf serve`'s options, as the issue lists them, and the ones that are wrong.
@Suite struct ServeArgumentTests {
    func configuration(_ arguments: [String]) throws -> ServeConfiguration {
        guard case .serve(let parsed) = try Command.parse(["serve"] + arguments) else {
            Issue.record("not parsed as serve")
            return ServeConfiguration()
        }
        return parsed.configuration
    }

    @Test func theDefaults() throws {
        let defaults = try configuration([])
        #expect(defaults.listen == "127.0.0.1:8080")
        #expect(defaults.jobs == 2 && defaults.queue == 16 && defaults.maxUploadMB == 256)
        #expect(defaults.tokenFile == nil && defaults.tlsCertificate == nil)
        #expect(defaults.limits == WorkerLimits.default)
    }

    @Test func everyOption() throws {
        let parsed = try configuration(["--listen", "0.0.0.0:9000", "--jobs", "4", "--queue", "0", "--max-upload", "32",
                                        "--token-file", "t", "--trust", "tr.json", "--policy", "p.json", "--state", "s.json",
                                        "--timeout", "30", "--stall-timeout", "5", "--memory-limit", "1024",
                                        "--tls-cert", "c.pem", "--tls-key", "k.pem", "--header-timeout", "3", "--body-timeout", "40",
                                        "--idle-timeout", "7", "--grace", "12", "--work-dir", "/var/tmp"])
        #expect(parsed.listen == "0.0.0.0:9000" && parsed.jobs == 4 && parsed.queue == 0 && parsed.maxUploadMB == 32)
        #expect(parsed.tokenFile == "t" && parsed.trust == "tr.json" && parsed.policy == "p.json" && parsed.state == "s.json")
        #expect(parsed.limits == WorkerLimits(timeout: 30, memoryMB: 1024, stallTimeout: 5))
        #expect(parsed.tlsCertificate == "c.pem" && parsed.tlsKey == "k.pem")
        #expect(parsed.headerTimeout == 3 && parsed.bodyTimeout == 40 && parsed.idleTimeout == 7 && parsed.grace == 12)
        #expect(parsed.workFolder == "/var/tmp")
    }

    @Test(arguments: [
        (["--jobs", "0"], "serve: --jobs '0' is not a whole number from 1"),
        (["--queue", "-1"], "serve: --queue '-1' is not a whole number from 0"),
        (["--max-upload", "lots"], "serve: --max-upload 'lots' is not a whole number from 1"),
        (["--tls-cert", "c.pem"], "serve: TLS needs both --tls-cert FILE and --tls-key FILE"),
        (["--grace", "0"], "serve: --grace '0' is not a positive number of seconds"),
        (["--port", "80"], "serve: unknown option '--port'"),
        (["extra"], "serve: unexpected argument 'extra'"),
    ])
    func wrongOptionsSayWhy(arguments: [String], message: String) {
        do {
            _ = try Command.parse(["serve"] + arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(error.message == message)
        }
    }
}
