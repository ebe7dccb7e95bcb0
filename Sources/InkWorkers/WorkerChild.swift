import InkFileSystem
import Foundation

/// A worker process started with `posix_spawn`: standard output and error on
/// the descriptors given, standard input on /dev/null, the write end of the
/// progress pipe as descriptor 3, and none of this process's other
/// descriptors (Foundation's `Process` cannot hand a child a descriptor beyond
/// the standard three). Descriptors of this process that are not close-on-exec
/// are inherited as they would be by any child; the pipe's are close-on-exec.
struct WorkerChild {
    let pid: pid_t

    /// How the child ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// The descriptor the child reports its progress on.
    static let progressDescriptor: Int32 = 3

    /// The descriptor the first of the files a parent opened for the child is given as (`launch`'s
    /// `descriptors`: 4, 5, …); the child reads it as `/proc/self/fd/4`.
    static let firstGivenDescriptor: Int32 = 4

    /// Starts `executable ARGUMENTS` with `environment`; `descriptors` (each above 9) are the child's
    /// 4, 5, … in order.
    ///
    /// The corresponding C functions are `posix_spawn` and its `posix_spawn_file_actions_*` and `posix_spawnattr_*`.
    static func launch(executable: String, arguments: [String], environment: [String: String],
                       standardOutput: Int32, standardError: Int32, progress: Int32, descriptors: [Int32] = []) throws(Errno) -> WorkerChild {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        posix_spawn_file_actions_adddup2(&actions, progress, progressDescriptor)
        for (offset, descriptor) in descriptors.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, descriptor, firstGivenDescriptor + Int32(offset))
        }

        // The parent may start workers from a thread that blocks signals, and the mask is
        // inherited: the child starts with none blocked and the default actions for the
        // signals that end it, so that a kill or a crash ends it as it should.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw Errno(rawValue: status) }
        return WorkerChild(pid: pid)
    }

    /// Waits for the child to end and reaps it. The corresponding C function is `waitpid`.
    func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .signalled(SIGKILL) }
        }
        // WIFEXITED and friends are macros Swift cannot see.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Ends the child at once. The corresponding C function is `kill`.
    func kill() { _ = Glibc.kill(pid, SIGKILL) }
}
