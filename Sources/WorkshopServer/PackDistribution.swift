import Foundation
import LessonKit
import Workshop

/// The served pack as an archive, for learners who join without it: written once when the
/// server starts (`PackArchiveWriter`, as `pack archive` writes it), announced with its SHA-256 (`PackOffer`) and handed to
/// anyone with the join code.
package struct PackDistribution: Sendable {
    package var offer: PackOffer
    package var archive: Data

    /// Why the pack is not handed out (it is larger than learners accept).
    package struct TooLarge: Error, CustomStringConvertible {
        package var description: String
    }

    /// Archives `pack` (loaded from `root`) at `archive`, beside the server's data.
    package static func prepare(pack: Pack, root: URL, archive: URL) throws -> PackDistribution {
        let written = try PackArchiveWriter.write(root, id: pack.id, to: archive)
        let data = try Data(contentsOf: archive)
        guard data.count <= PackOffer.maximumBytes else {
            throw TooLarge(
                description: "the pack's archive is \(data.count / 1_048_576) MB, more than learners accept "
                    + "(\(PackOffer.maximumBytes / 1_048_576) MB): learners need a copy of their own")
        }
        let offer = PackOffer(
            id: pack.id, version: pack.manifest.version, title: pack.manifest.title,
            sha256: written.sha256, bytes: data.count)
        return PackDistribution(offer: offer, archive: data)
    }
}
