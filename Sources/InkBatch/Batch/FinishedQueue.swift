import InkPipeline
import Foundation
import InkModel
import Synchronization

/// Finished documents, handed from the workers to the thread that reports them.
final class FinishedQueue: Sendable {
    private let results = Mutex<[BatchResult]>([])
    private let available = DispatchSemaphore(value: 0)

    func post(_ result: BatchResult) {
        results.withLock { $0.append(result) }
        available.signal()
    }

    func take() -> BatchResult {
        available.wait()
        return results.withLock { $0.removeFirst() }
    }
}
