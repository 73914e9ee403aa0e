import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP/1.1 exchange with the workshop server over a plain socket, bounded in every way:
/// connecting and the whole exchange have deadlines (waiting is `poll`, so a server that
/// accepts and never answers costs no CPU), and a reply larger than `maximumReply` is cut off
/// without being read. The workshop server speaks plain HTTP on the room's network.
package enum WorkshopHTTP {
    package struct Reply: Sendable {
        package var status: Int
        package var body: Data
    }

    /// Why an exchange failed, in the words the learner reads.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownHost(String)
        case refused(String)
        case timedOut(String, seconds: Int)
        case tooLarge(String, limit: Int)
        case notHTTP(String)
        case network(String, String)

        package var description: String {
            switch self {
            case .unknownHost(let host): return "\(host) is not a known address"
            case .refused(let place): return "nothing answers at \(place)"
            case .timedOut(let place, let seconds): return "no answer from \(place) within \(seconds) s"
            case .tooLarge(let place, let limit): return "the answer from \(place) is larger than \(limit / 1024) KiB"
            case .notHTTP(let place): return "\(place) did not answer as a workshop server does"
            case .network(let place, let cause): return "the connection to \(place) failed (\(cause))"
            }
        }
    }

    /// The server's answers are a few KiB (acknowledgements, broadcasts, pacing).
    package static let maximumReply = 1024 * 1024
    package static let connectTimeout = 5.0
    package static let exchangeTimeout = 15.0
    /// Every header sent (the README lists them): no cookies, no language, no machine details.
    package static let userAgent = "seguelab"

    package static func exchange(
        _ method: String, _ url: URL, body: Data? = nil, contentType: String? = nil,
        connectTimeout: Double = connectTimeout, timeout: Double = exchangeTimeout,
        maximumReply: Int = maximumReply
    ) throws -> Reply {
        guard let host = url.host, !host.isEmpty else { throw Failure.unknownHost(url.absoluteString) }
        let port = url.port ?? 80
        let place = "\(host):\(port)"
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(timeout * 1e9)
        let socket = try connect(
            host: host, port: port, place: place,
            deadline: min(deadline, start + UInt64(connectTimeout * 1e9)),
            seconds: Int(connectTimeout))
        defer { close(socket) }

        var path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        let hostHeader = (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? "")
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: \(userAgent)\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        try write(
            Data(head.utf8) + (body ?? Data()), to: socket, place: place, deadline: deadline,
            seconds: Int(timeout))
        return try read(socket, place: place, deadline: deadline, seconds: Int(timeout), limit: maximumReply)
    }

    private static func remaining(_ deadline: UInt64) -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= deadline ? 0 : Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
    }

    /// Waits (sleeping in `poll`) until the socket is ready; false at the deadline.
    private static func wait(_ socket: Int32, for events: Int16, deadline: UInt64) -> Bool {
        while true {
            let milliseconds = remaining(deadline)
            if milliseconds == 0 { return false }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }
        }
    }

    private static func connect(
        host: String, port: Int, place: String, deadline: UInt64,
        seconds: Int
    ) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw Failure.unknownHost(host)
        }
        defer { freeaddrinfo(list) }
        var lastError: Failure = .refused(place)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            let fd = socket(address.pointee.ai_family, kind, 0)
            guard fd >= 0 else { continue }
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
            guard errno == EINPROGRESS else {
                lastError = errno == ECONNREFUSED ? .refused(place) : .network(place, String(cString: strerror(errno)))
                close(fd)
                continue
            }
            guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else {
                close(fd)
                throw Failure.timedOut(place, seconds: seconds)
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return fd }
            lastError = error == ECONNREFUSED ? .refused(place) : .network(place, String(cString: strerror(error)))
            close(fd)
        }
        throw lastError
    }

    private static func write(_ data: Data, to socket: Int32, place: String, deadline: UInt64, seconds: Int) throws {
        var offset = 0
        while offset < data.count {
            guard wait(socket, for: Int16(POLLOUT), deadline: deadline) else {
                throw Failure.timedOut(place, seconds: seconds)
            }
            let sent = data.withUnsafeBytes { bytes in
                send(socket, bytes.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw Failure.network(place, String(cString: strerror(errno)))
            }
            offset += sent
        }
    }

    private static func read(
        _ socket: Int32, place: String, deadline: UInt64, seconds: Int,
        limit: Int
    ) throws -> Reply {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var headerEnd: Int?
        var status = 0
        var contentLength: Int?
        var chunked = false
        while true {
            if let headerEnd, let contentLength, received.count - headerEnd >= contentLength { break }
            guard wait(socket, for: Int16(POLLIN), deadline: deadline) else {
                throw Failure.timedOut(place, seconds: seconds)
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw Failure.network(place, String(cString: strerror(errno)))
            }
            if count == 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if headerEnd == nil, let end = received.range(of: Data("\r\n\r\n".utf8)) {
                headerEnd = end.upperBound
                let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ")
                guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let code = Int(parts[1]) else {
                    throw Failure.notHTTP(place)
                }
                status = code
                for line in lines.dropFirst() {
                    let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2 else { continue }
                    switch pair[0].lowercased() {
                    case "content-length":
                        guard let length = Int(pair[1]), length >= 0 else { throw Failure.notHTTP(place) }
                        if length > limit { throw Failure.tooLarge(place, limit: limit) }
                        contentLength = length
                    case "transfer-encoding": chunked = pair[1].lowercased().contains("chunked")
                    default: break
                    }
                }
            }
            if headerEnd == nil, received.count > 64 * 1024 { throw Failure.notHTTP(place) }
            if let headerEnd, received.count - headerEnd > limit + (chunked ? 64 * 1024 : 0) {
                throw Failure.tooLarge(place, limit: limit)
            }
        }
        guard let headerEnd else { throw Failure.notHTTP(place) }
        var body = Data(received[headerEnd...])
        if let contentLength {
            guard body.count >= contentLength else { throw Failure.network(place, "the answer was cut short") }
            body = body.prefix(contentLength)
        } else if chunked {
            body = try dechunk(body, place: place)
        }
        if body.count > limit { throw Failure.tooLarge(place, limit: limit) }
        return Reply(status: status, body: body)
    }

    private static func dechunk(_ data: Data, place: String) throws -> Data {
        var result = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let line = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self)
            let sizeText = line.split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw Failure.notHTTP(place)
            }
            if size == 0 { return result }
            let start = lineEnd.upperBound
            guard data.distance(from: start, to: data.endIndex) >= size + 2 else {
                throw Failure.network(place, "the answer was cut short")
            }
            let end = data.index(start, offsetBy: size)
            result.append(data[start..<end])
            index = data.index(end, offsetBy: 2)
        }
        throw Failure.network(place, "the answer was cut short")
    }
}
