import InkPipeline
import Foundation

/// A folder's device and inode: what makes "the same folder" reached by two paths.
struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
