import Testing

@testable import SegueKit

/// A generic view controller and the names a storyboard may give it.
class TypedScreen<Model>: UIViewController {
    var model: Model?
}

typealias TypedScreenAlias = TypedScreen<Int>

final class IntScreen: TypedScreen<Int> {}

/// As in Interface Builder, a storyboard can name a non-generic subclass of a generic class,
/// but neither the generic class itself nor a typealias of one of its specialisations.
@Suite("Generic classes in storyboards", .serialized)
@MainActor
struct GenericClassTests {
    @Test func theGenericClassItselfIsAnUnknownClass() throws {
        let screen = try Fixtures.storyboard("Generic").instantiateViewController(withIdentifier: "Generic")
        #expect(type(of: screen) == UIViewController.self)
        #expect(SegueTrace.events(.warning).map(\.message) == ["Unknown class TypedScreen in Interface Builder file."])
    }

    @Test func aTypealiasIsAnUnknownClass() throws {
        let screen = try Fixtures.storyboard("Generic").instantiateViewController(withIdentifier: "Alias")
        #expect(type(of: screen) == UIViewController.self)
        #expect(
            SegueTrace.events(.warning).map(\.message) == ["Unknown class TypedScreenAlias in Interface Builder file."])
    }

    @Test func aNonGenericSubclassIsFound() throws {
        let screen = try Fixtures.storyboard("Generic").instantiateViewController(withIdentifier: "Subclass")
        #expect(type(of: screen) == IntScreen.self)
        #expect(screen is TypedScreen<Int>)
        #expect(SegueTrace.events(.warning).isEmpty)
    }
}
