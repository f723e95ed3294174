/// Every feel a scroll view can run, UIKit's own first, each at its defaults. A new model is one
/// folder under `Models/`, one case of `ZooModel` (with its arm in `ZooModel.ask`) and one entry here.
public enum FeelZoo {
    /// The name of the default model, UIKit's.
    public static let uikit = UIKitModel.name

    public static let models: [ZooModel] = [
        .uikit(UIKitModel()),
        .flutterBouncing(FlutterBouncingModel()),
        .flutterClamping(FlutterClampingModel()),
        .android(AndroidModel()),
        .swiper(SwiperModel()),
        .framer(FramerModel())
    ]

    /// Every model name, UIKit's first.
    public static var names: [String] { models.map { $0.name } }

    /// The model called `name` at its defaults, or nil.
    public static func model(named name: String) -> ZooModel? {
        models.first { $0.name == name }
    }

    /// A model at its defaults with `pairs` set; an unknown model or key is one error naming it.
    public static func make(_ name: String, _ pairs: [(key: String, value: ParameterValue)]) throws(ModelParameterError)
        -> ZooModel
    {
        guard let model = model(named: name) else {
            throw ModelParameterError("unknown model \"\(name)\" (models: \(names.joined(separator: ", ")))")
        }
        return try model.ask(MakeQuery(pairs: pairs)).get()
    }
}
