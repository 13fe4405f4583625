/** Route params `{id}`: the one definition lives in the contract (src/shared/api/params.ts). */
export { idParams } from '../../shared/api/params';
