/// One model of the zoo with its values, as one closed set: what a `Feel` holds and a
/// `ScrollAxis` runs. Every call is the model's own, reached through `ask`'s one `switch`
/// (generic, so each arm is specialized for its model: no existential, no key path, and the
/// core compiles where there are none, as Embedded Swift for the WebAssembly build is).
///
/// A new model is its folder under `Models/` (its type says `zoo` below), one case here, one arm
/// in `ask`, and its defaults in `FeelZoo.models`.
public enum ZooModel: Sendable {
    case uikit(UIKitModel)
    case flutterBouncing(FlutterBouncingModel)
    case flutterClamping(FlutterClampingModel)
    case android(AndroidModel)
    case swiper(SwiperModel)
    case framer(FramerModel)

    /// Asks the model held, as its own type, `query` (the one dispatching switch).
    public func ask<Query: ModelQuery>(_ query: Query) -> Query.Answer {
        switch self {
        case .uikit(let model): query.ask(model)
        case .flutterBouncing(let model): query.ask(model)
        case .flutterClamping(let model): query.ask(model)
        case .android(let model): query.ask(model)
        case .swiper(let model): query.ask(model)
        case .framer(let model): query.ask(model)
        }
    }

    /// UIKit's model, when that is the one held.
    public var uikit: UIKitModel? { if case .uikit(let model) = self { model } else { nil } }
}

/// A question asked of a model as its own type (see `ZooModel.ask`).
public protocol ModelQuery {
    associatedtype Answer
    func ask<Model: FeelModel>(_ model: Model) -> Answer
}

extension ZooModel {
    /// The `"model"` name in parameter files.
    public var name: String { ask(NameQuery()) }
    /// A short title for menus.
    public var title: String { ask(TitleQuery()) }
    /// The key/value pairs of the model's values, every key, in table order.
    public var pairs: [(key: String, value: ParameterValue)] { ask(PairsQuery()) }
    /// The value of `key` as a number, if the model has it.
    public func value(of key: String) -> Double? { ask(ValueQuery(key: key)) }
    /// Every tunable with its current value (see `FeelModel.rows(pagingBy:)`).
    public func rows(pagingBy policy: PagePolicy? = nil) -> [ModelRow] { ask(RowsQuery(policy: policy)) }
    public var rows: [ModelRow] { rows() }
    public var collapsedSections: Set<String> { ask(CollapsedQuery()) }
    public var dragStart: DragStart { ask(DragStartQuery(input: nil)) }
    public func dragStart(for input: DragInput) -> DragStart { ask(DragStartQuery(input: input)) }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double {
        ask(DraggedQuery(shown: shown, from: fingerFrom, to: fingerTo, extent: extent, input: nil))
    }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent, input: DragInput)
        -> Double
    {
        ask(DraggedQuery(shown: shown, from: fingerFrom, to: fingerTo, extent: extent, input: input))
    }

    public func flingVelocity(estimated: Double, travel: Double) -> Double {
        ask(FlingQuery(estimated: estimated, travel: travel))
    }

    public func carriedVelocity(previous: Double, fling: Double) -> Double {
        ask(CarriedQuery(previous: previous, fling: fling))
    }

    public func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion {
        ask(ReleaseQuery(free: FreeRelease(position: position, velocity: velocity, extent: extent), plain: true))
    }

    public func release(_ free: FreeRelease) -> Motion { ask(ReleaseQuery(free: free, plain: false)) }
    public func makeFinger() -> ZooFinger { ask(FingerQuery()) }
    public func page(_ release: ModelPageRelease) -> ModelPageTurn? { ask(PageQuery(release: release)) }

    public func fingerOffset(showing shown: Double, extent: ModelExtent, input: DragInput) -> Double {
        ask(FingerOffsetQuery(shown: shown, extent: extent, input: input))
    }

    public func animate(_ to: AnimatedScroll) -> Motion { ask(AnimateQuery(to: to, kind: .animate)) }
    public func retarget(_ to: AnimatedScroll) -> Motion { ask(AnimateQuery(to: to, kind: .retarget)) }
    public func scrollToTop(_ to: AnimatedScroll) -> Motion { ask(AnimateQuery(to: to, kind: .scrollToTop)) }
    public func overscrollLimit(extent: ModelExtent) -> Double { ask(OverscrollLimitQuery(extent: extent)) }
    public var overscrollDrawing: OverscrollDrawing { ask(OverscrollDrawingQuery()) }
    public func on(_ display: Display) -> ZooModel { ask(ChangeQuery(change: .display(display))) }
    public func paging(by policy: PagePolicy) -> ZooModel { ask(ChangeQuery(change: .paging(policy))) }

    public func notes(in section: String, _ context: PanelContext) -> [PanelNote] {
        ask(NotesQuery(section: section, context: context))
    }

    public var exported: ExportedCode { ask(ExportQuery()) }

    /// The model with `key` set to `value` (see `Feel.setting`).
    public func setting(_ key: String, to value: ParameterValue) throws(ModelParameterError) -> ZooModel {
        try ask(SettingQuery(key: key, value: value)).get()
    }
}

private struct NameQuery: ModelQuery {
    func ask<Model: FeelModel>(_ model: Model) -> String { Model.name }
}

private struct TitleQuery: ModelQuery {
    func ask<Model: FeelModel>(_ model: Model) -> String { Model.title }
}

private struct PairsQuery: ModelQuery {
    func ask<Model: FeelModel>(_ model: Model) -> [(key: String, value: ParameterValue)] { model.pairs }
}

private struct ValueQuery: ModelQuery {
    let key: String
    func ask<Model: FeelModel>(_ model: Model) -> Double? { model.value(of: key) }
}

private struct RowsQuery: ModelQuery {
    let policy: PagePolicy?
    func ask<Model: FeelModel>(_ model: Model) -> [ModelRow] { model.rows(pagingBy: policy) }
}

private struct CollapsedQuery: ModelQuery {
    func ask<Model: FeelModel>(_ model: Model) -> Set<String> { model.collapsedSections }
}

private struct DragStartQuery: ModelQuery {
    let input: DragInput?
    func ask<Model: FeelModel>(_ model: Model) -> DragStart {
        input.map { model.dragStart(for: $0) } ?? model.dragStart
    }
}

private struct DraggedQuery: ModelQuery {
    let shown: Double, from: Double, to: Double, extent: ModelExtent, input: DragInput?
    func ask<Model: FeelModel>(_ model: Model) -> Double {
        guard let input else { return model.dragged(shown: shown, fingerFrom: from, fingerTo: to, extent: extent) }
        return model.dragged(shown: shown, fingerFrom: from, fingerTo: to, extent: extent, input: input)
    }
}

private struct FlingQuery: ModelQuery {
    let estimated: Double, travel: Double
    func ask<Model: FeelModel>(_ model: Model) -> Double { model.flingVelocity(estimated: estimated, travel: travel) }
}

private struct CarriedQuery: ModelQuery {
    let previous: Double, fling: Double
    func ask<Model: FeelModel>(_ model: Model) -> Double { model.carriedVelocity(previous: previous, fling: fling) }
}

private struct ReleaseQuery: ModelQuery {
    let free: FreeRelease
    /// The platform's own release without the scroll view's context.
    let plain: Bool
    func ask<Model: FeelModel>(_ model: Model) -> Motion {
        plain
            ? model.release(position: free.position, velocity: free.velocity, extent: free.extent) : model.release(free)
    }
}

private struct FingerQuery: ModelQuery {
    func ask<Model: FeelModel>(_ model: Model) -> ZooFinger { model.makeFinger() }
}

private struct PageQuery: ModelQuery {
    let release: ModelPageRelease
    func ask<Model: FeelModel>(_ model: Model) -> ModelPageTurn? { model.page(release) }
}

private struct FingerOffsetQuery: ModelQuery {
    let shown: Double, extent: ModelExtent, input: DragInput
    func ask<Model: FeelModel>(_ model: Model) -> Double {
        model.fingerOffset(showing: shown, extent: extent, input: input)
    }
}

private struct AnimateQuery: ModelQuery {
    enum Kind { case animate, retarget, scrollToTop }
    let to: AnimatedScroll, kind: Kind
    func ask<Model: FeelModel>(_ model: Model) -> Motion {
        switch kind {
        case .animate: model.animate(to)
        case .retarget: model.retarget(to)
        case .scrollToTop: model.scrollToTop(to)
        }
    }
}

private struct OverscrollLimitQuery: ModelQuery {
    let extent: ModelExtent
    func ask<Model: FeelModel>(_ model: Model) -> Double { model.overscrollLimit(extent: extent) }
}

private struct OverscrollDrawingQuery: ModelQuery {
    func ask<Model: FeelModel>(_ model: Model) -> OverscrollDrawing { model.overscrollDrawing }
}

private struct ChangeQuery: ModelQuery {
    enum Change { case display(Display), paging(PagePolicy) }
    let change: Change
    func ask<Model: FeelModel>(_ model: Model) -> ZooModel {
        switch change {
        case .display(let display): model.on(display).zoo
        case .paging(let policy): model.paging(by: policy).zoo
        }
    }
}

private struct NotesQuery: ModelQuery {
    let section: String, context: PanelContext
    func ask<Model: FeelModel>(_ model: Model) -> [PanelNote] { model.notes(in: section, context) }
}

private struct ExportQuery: ModelQuery {
    func ask<Model: FeelModel>(_ model: Model) -> ExportedCode { model.exported }
}

private struct SettingQuery: ModelQuery {
    let key: String, value: ParameterValue
    func ask<Model: FeelModel>(_ model: Model) -> Result<ZooModel, ModelParameterError> {
        do throws(ModelParameterError) {
            return .success(try model.setting(key, to: value).zoo)
        } catch {
            return .failure(error)
        }
    }
}

/// The model of the same kind at `pairs` over its defaults (see `FeelZoo.make`).
struct MakeQuery: ModelQuery {
    let pairs: [(key: String, value: ParameterValue)]
    func ask<Model: FeelModel>(_ model: Model) -> Result<ZooModel, ModelParameterError> {
        do throws(ModelParameterError) {
            return .success(try Model.make(pairs).zoo)
        } catch {
            return .failure(error)
        }
    }
}
