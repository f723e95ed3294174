import ScrollLabApp

// The command line: every command, window and job is in ScrollLabApp.
Scrollab.main()
