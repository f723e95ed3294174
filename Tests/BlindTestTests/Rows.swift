import ScrollPhysics

func row(key: String = "k", value: Double, range: ClosedRange<Double>, scale: SliderScale, isFlag: Bool = false)
    -> ModelRow
{
    ModelRow(
        key: key, title: key, unit: "", range: range, scale: scale, format: "%.4f", help: "", source: "",
        isCount: false, isFlag: isFlag, value: value)
}
