// Dear ImGui is C++: the bridge includes it; this module only names the pkg-config package.
