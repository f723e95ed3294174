/// The tests' shared helpers (`Tests/TestSupport`), for every file of this target.
@_exported import TestSupport
