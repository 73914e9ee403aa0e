import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore

/// How long a connection may take and how many one address may hold: a client that sends its
/// request a byte at a time, or opens hundreds of connections, cannot hold the server.
package struct ConnectionLimits: Sendable {
    /// A connection that completes no request part for this long is closed (headers included:
    /// no part is complete until they all arrived).
    package var idleSeconds: Double
    /// A request body must arrive whole within this long.
    package var bodySeconds: Double
    /// Connections one address may hold at once; more are closed as they are accepted.
    package var perAddress: Int

    package init(idleSeconds: Double = 15, bodySeconds: Double = 20, perAddress: Int = 32) {
        self.idleSeconds = idleSeconds
        self.bodySeconds = bodySeconds
        self.perAddress = perAddress
    }

    /// The HTTP/1 server with the idle timeout and the per-address cap.
    package func server() -> HTTPServerBuilder {
        let counter = AddressCounter(limit: perAddress)
        return .http1(
            configuration: .init(
                additionalChannelHandlers: [PerAddressLimit(counter: counter)],
                idleTimeout: .nanoseconds(Int64(idleSeconds * 1_000_000_000))))
    }
}

/// Open connections per remote address, shared by every connection's handler.
final class AddressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [String: Int] = [:]
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Counts a new connection; false when its address already holds `limit`.
    func admit(_ address: String) -> Bool {
        lock.withLock {
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
    }

    func release(_ address: String) {
        lock.withLock {
            let count = (open[address] ?? 1) - 1
            open[address] = count > 0 ? count : nil
        }
    }
}

/// Closes a connection at once when its address already holds as many as allowed.
final class PerAddressLimit: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    let counter: AddressCounter
    private var counted: String?

    init(counter: AddressCounter) { self.counter = counter }

    private func admit(_ context: ChannelHandlerContext) {
        guard counted == nil else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        if counter.admit(address) {
            counted = address
        } else {
            context.close(promise: nil)
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { release() }

    private func release() {
        if let counted { counter.release(counted) }
        counted = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }
}
