import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * A dispatch that accepts thunks, for lib and components, which must not import the app's store types.
 * Their selectors are typed on the slices they read, so plain `useSelector` infers them.
 */
export type LibDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
export const useLibDispatch = useDispatch.withTypes<LibDispatch>();
