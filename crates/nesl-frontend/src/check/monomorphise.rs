//! Instantiates polymorphic functions at their types. (To be written.)
