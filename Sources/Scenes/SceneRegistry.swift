import ScrollPhysics

extension SceneSetup {
    /// UIKit's `.fast` deceleration rate (0.99), for the tour's A/B step.
    static let uikitFast: Feel = {
        var fast = ScrollParameters()
        fast.decelerationRate = 0.99
        return Feel(fast)
    }()

    /// Every scene, in the window's order (number keys 1…): to add one, write its class and add
    /// an entry here (name, caption, content options, how it is made, its golden frames and tour
    /// step), then `scrollab golden --only NAME` writes its reference frames.
    /// `--items`, which the banner and the loop share (one definition, as a shared flag must have).
    static let itemsOption = SceneOption(
        key: "items", flag: "--items", range: 0...1000, defaultValue: 5, isWhole: true,
        help: "banner, loop: number of items")

    public static let registry: [SceneKind] = [
        SceneKind(
            name: "list",
            caption: "a feed with a large title that collapses into the navigation bar; fling, rubber band, catch",
            options: [
                SceneOption(
                    key: "contentLength", flag: "--content-length", range: 0...1e9, defaultValue: nil, isWhole: false,
                    help: "list: content length in points (replay default 3000)"),
                SceneOption(
                    key: "cards", flag: "--cards", range: 0...1_000_000, defaultValue: nil, isWhole: true,
                    help: "list: number of cards (instead of --content-length)")
            ],
            itemCount: "cards", window: .cards(count: 200),
            make: { viewport, feel, setup in
                if setup.values["cards"] != nil {
                    return ListScene(viewport: viewport, cardCount: setup.count("cards"), feel: feel)
                }
                return ListScene(viewport: viewport, contentLength: setup.values["contentLength"] ?? 3000, feel: feel)
            },
            golden: [
                GoldenShot("list-rest", .cards(count: 200), gesture: nil, time: 0, retina: false),
                GoldenShot("list-fling", .cards(count: 200), gesture: "fling-up.json", time: 0.4),
                GoldenShot("list-pulled", .cards(count: 200), gesture: "pull-past-top.json", time: 0.7, retina: false)
            ],
            tour: [
                TourStroke(
                    .cards(count: 200), from: (0.5, 0.75), to: (0.5, 0.45), duration: 0.08, steps: 8,
                    caption: "A flick glides on after the finger lifts and slows smoothly to rest"),
                TourStroke(
                    .cards(count: 200), from: (0.5, 0.75), to: (0.5, 0.45), duration: 0.08, steps: 8,
                    caption: "Same finger, two feels: UIKit normal (A) glides five times as far as UIKit fast (B)",
                    feels: (.standard, uikitFast)),
                TourStroke(
                    .cards(count: 200), from: (0.5, 0.25), to: (0.5, 0.75), duration: 0.9, steps: 40,
                    caption: "Pulled past the top, the list resists more the further it goes, then settles without a "
                        + "wobble")
            ]),
        SceneKind(
            name: "pager",
            caption: "full-screen vertical pages, short-video style; the page policy decides where a release lands",
            options: [
                SceneOption(
                    key: "pages", flag: "--pages", range: 0...1_000_000, defaultValue: 5, isWhole: true,
                    help: "pager: number of pages")
            ],
            itemCount: "pages", window: .pager(pages: 8),
            make: { viewport, feel, setup in PagerScene(viewport: viewport, pageCount: setup.count("pages"), feel: feel)
            },
            golden: [GoldenShot("pager-turning", .pager(pages: 8), gesture: "flick-next-page.json", time: 0.18)],
            tour: [
                TourStroke(
                    .pager(pages: 8), from: (0.5, 0.7), to: (0.5, 0.55), duration: 0.1, steps: 10,
                    caption: "A short flick turns exactly one page and slows into it, never past it")
            ]),
        SceneKind(
            name: "carousel", caption: "cards narrower than the viewport land centred, the first and last too",
            options: [
                SceneOption(
                    key: "cellWidth", flag: "--cell-width", range: 1...100_000, defaultValue: 300, isWhole: false,
                    help: "carousel: cell width in points"),
                SceneOption(
                    key: "spacing", flag: "--spacing", range: 0...100_000, defaultValue: 12, isWhole: false,
                    help: "carousel: spacing between cells in points"),
                SceneOption(
                    key: "cells", flag: "--cells", range: 0...1_000_000, defaultValue: 10, isWhole: true,
                    help: "carousel: number of cells")
            ],
            itemCount: "cells", window: .carousel(cellWidth: 300, spacing: 12, cells: 10),
            make: { viewport, feel, setup in
                CarouselScene(
                    viewport: viewport, cellWidth: setup.value("cellWidth"), spacing: setup.value("spacing"),
                    cellCount: setup.count("cells"), feel: feel)
            },
            golden: [
                GoldenShot(
                    "carousel-swipe", .carousel(cellWidth: 300, spacing: 12, cells: 10), gesture: "swipe-left.json",
                    time: 0.25)
            ],
            tour: [
                TourStroke(
                    .carousel(cellWidth: 300, spacing: 12, cells: 10), from: (0.75, 0.5), to: (0.2, 0.5),
                    duration: 0.12, steps: 12, caption: "Narrow cards land centred, the first and last too")
            ]),
        SceneKind(
            name: "banner", caption: "a three-slot recycling banner with parallax and threshold paging",
            options: [
                itemsOption
            ],
            itemCount: "items", window: .banner(items: 5),
            make: { viewport, feel, setup in
                BannerScene(viewport: viewport, itemCount: setup.count("items"), feel: feel)
            },
            golden: [GoldenShot("banner-parallax", .banner(items: 5), gesture: "banner-swipe.json", time: 0.1)],
            tour: [
                TourStroke(
                    .banner(items: 5), from: (0.8, 0.26), to: (0.45, 0.26), duration: 0.5, steps: 24,
                    caption: "The picture lags behind its card; a third of a width turns the banner")
            ]),
        SceneKind(
            name: "loop", caption: "a feed that wraps; items appended or deleted mid-swipe",
            options: [
                itemsOption
            ],
            itemCount: "items", window: .loop(items: 5),
            make: { viewport, feel, setup in LoopScene(viewport: viewport, itemCount: setup.count("items"), feel: feel)
            },
            golden: [GoldenShot("loop-wrap", .loop(items: 3), gesture: "flick-next-page.json", time: 0.15)],
            tour: [
                TourStroke(
                    .loop(items: 3), from: (0.5, 0.7), to: (0.5, 0.5), duration: 0.1, steps: 10,
                    caption: "After the last item comes the first again: the feed wraps without a jump")
            ]),
        SceneKind(
            name: "nested", caption: "a restaurant page: the container hands its momentum to the menu and back",
            make: { viewport, feel, _ in NestedScene(viewport: viewport, feel: feel) },
            golden: [GoldenShot("nested-pinned", .nested, gesture: "push-up-nested.json", time: 0.8)],
            tour: [
                TourStroke(
                    .nested, from: (0.6, 0.85), to: (0.6, 0.45), duration: 0.12, steps: 12,
                    caption: "One push moves the header until the tabs pin, then the menu scrolls on")
            ]),
        SceneKind(
            name: "adapters", caption: "two lists joined by an adapter (cue stick or elastic collision)",
            make: { viewport, feel, _ in AdaptersScene(viewport: viewport, feel: feel) },
            golden: [GoldenShot("adapters-transfer", .adapters, gesture: "fling-left-list.json", time: 0.6)],
            tour: [
                TourStroke(
                    .adapters, from: (0.25, 0.83), to: (0.25, 0.5), duration: 0.1, steps: 10,
                    caption: "Momentum that reaches the left list's end carries on in the right one")
            ]),
        SceneKind(
            name: "lab", caption: "the rubber band's conversion rate, plotted and fitted live",
            make: { viewport, feel, _ in LabScene(viewport: viewport, feel: feel) },
            golden: [GoldenShot("lab-pull", .lab, gesture: "lab-pull.json", time: 1.3)],
            tour: [
                TourStroke(
                    .lab, from: (0.5, 0.5), to: (0.5, 0.9), duration: 1.2, steps: 60,
                    caption: "Pull past the top: the view moves less than the finger, on a straight line g = k·f + b")
            ])
    ]
}
