import Foundation

/// Foundation's errors in one plain line: the real cause (the disk is full, permission denied,
/// no such file), never `Error Domain=NSCocoaErrorDomain Code=640 "(null)" UserInfo={…}`.
package enum FileErrorWords {
    package static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return posix(Int32(error.code)) }
        // Foundation wraps the system's error: it says the cause best.
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain {
            switch error.code {
            case 4, 260: return "no such file or folder"
            case 257, 513: return "permission denied"
            case 640, 642: return "the disk is full"
            case 516: return "a file or folder of that name is already there"
            case 259, 264: return "it is not in a format that can be read"
            case 261, 517: return "it is not text in the expected encoding"
            case 512, 256: return error.code == 256 ? "it could not be read" : "it could not be written"
            default: break
            }
        }
        if error.domain == NSURLErrorDomain {
            switch error.code {
            case NSURLErrorTimedOut: return "the server did not answer in time"
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return "the server's name is unknown"
            case NSURLErrorCannotConnectToHost: return "the server refused the connection"
            case NSURLErrorNotConnectedToInternet, NSURLErrorNetworkConnectionLost:
                return "the network is not reachable"
            default: break
            }
        }
        let text = error.localizedDescription
        return text.contains("Error Domain=") || text.isEmpty ? "\(error.domain) error \(error.code)" : text
    }

    static func posix(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOENT: return "no such file or folder"
        case EEXIST, ENOTEMPTY: return "a file or folder of that name is already there"
        case EIO: return "the disk could not be read or written (input/output error)"
        default: return String(cString: strerror(code))
        }
    }
}
