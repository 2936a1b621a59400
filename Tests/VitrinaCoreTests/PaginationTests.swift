import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Pagination shows a window of page numbers, not every one.
@Suite("Pagination")
struct PaginationTests {
    @Test func aShortRunShowsEveryNumber() {
        #expect(PaginationView.window(count: 5, current: 3) == [1, 2, 3, 4, 5])
        #expect(PaginationView.window(count: 1, current: 1) == [1])
    }

    @Test func aLongRunShowsBothEndsAndTheNeighboursOfTheCurrentPage() {
        #expect(PaginationView.window(count: 100, current: 50) == [1, nil, 48, 49, 50, 51, 52, nil, 100])
        #expect(PaginationView.window(count: 100, current: 1) == [1, 2, 3, nil, 100])
        #expect(PaginationView.window(count: 100, current: 100) == [1, nil, 98, 99, 100])
    }

    @Test func aGapOfOneNumberShowsTheNumber() {
        #expect(PaginationView.window(count: 7, current: 4) == [1, 2, 3, 4, 5, 6, 7])
        #expect(PaginationView.window(count: 9, current: 4) == [1, 2, 3, 4, 5, 6, nil, 9])
    }

    @Test func theViewLinksEachShownNumberAndMarksTheCurrentOne() {
        let view = PaginationView(count: 30, current: 10, route: Route(file: "linux/page/10/index.html"),
                                  link: { $0 == 1 ? Route(file: "linux/index.html") : Route(file: "linux/page/\($0)/index.html") },
                                  previousLabel: "Anterior", nextLabel: "Siguiente")
        #expect(view.pages.map(\.label) == ["1", "…", "8", "9", "10", "11", "12", "…", "30"])
        #expect(view.pages.filter(\.current).map(\.label) == ["10"])
        #expect(view.pages.first?.href == "../../index.html")
        #expect(view.pages.filter(\.gap).allSatisfy { $0.href.isEmpty })
        #expect(view.previous?.href == "../9/index.html" && view.next?.href == "../11/index.html")
    }
}
