// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand in Java so that Kotlin applies its Java
// interop rules (platform types, getter/setter properties, statics) as it does to android.jar.
// Bodies are never run. See android/typecheck/stubs/README.md.
package android.app;

public class Application extends android.content.ContextWrapper {
    public Application() { super(null); throw new RuntimeException("Stub!"); }

    public void onCreate() { throw new RuntimeException("Stub!"); }
}
