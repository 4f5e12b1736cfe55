// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand. Bodies are never run. See
// android/typecheck/stubs/README.md.
package android.content;

public abstract class ContentResolver {
    public ContentResolver(Context context) { throw new RuntimeException("Stub!"); }

    public final java.io.InputStream openInputStream(android.net.Uri uri) throws java.io.FileNotFoundException {
        throw new RuntimeException("Stub!");
    }

    public final java.io.OutputStream openOutputStream(android.net.Uri uri) throws java.io.FileNotFoundException {
        throw new RuntimeException("Stub!");
    }
}
